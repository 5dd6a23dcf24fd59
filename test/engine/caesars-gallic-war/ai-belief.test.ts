// The computer's belief for Caesar's Gallic War: states rebuilt from what a role has seen, and
// states sampled from them, are legal and give back exactly the role's view and legal actions.

import t from 'tap';
import { checkBelief } from '../../ai/belief-check.js';

t.test('rebuilt and sampled states are legal and give back the role\'s view and legal actions, along seeded games', async (t) => {
  await checkBelief(t, 'caesars-gallic-war', 2, 13);
});
