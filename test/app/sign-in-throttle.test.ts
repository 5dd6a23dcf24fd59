// The client source failed sign-ins are counted by (src/app/accounts/sign-in-throttle.ts): an IPv4 address
// as it is, also mapped into IPv6; an IPv6 address by its /64, which one subscriber usually holds
// whole (counting each of its addresses apart would give a guesser 2^64 budgets).
import t from 'tap';
import { sourceOf } from '../../src/app/accounts/sign-in-throttle.js';

t.test('sources: IPv4 as it is, IPv6 by its /64', async (t) => {
  t.equal(sourceOf('203.0.113.7'), '203.0.113.7');
  t.equal(sourceOf('::ffff:203.0.113.7'), '203.0.113.7', 'IPv4 mapped into IPv6');
  t.equal(sourceOf('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  t.equal(sourceOf('2001:DB8:1:2::ffff'), '2001:db8:1:2::/64', 'compressed, upper case');
  t.equal(sourceOf('2001:db8::1'), '2001:db8:0:0::/64');
  t.equal(sourceOf('fe80::1%eth0'), 'fe80:0:0:0::/64', 'a zone index is not part of the address');
  t.equal(sourceOf('::1'), '0:0:0:0::/64');
  t.not(sourceOf('2001:db8:1:3::1'), sourceOf('2001:db8:1:2::1'), 'another /64 is another source');
});
