-- Accounts can be deleted by their owner (src/app/my-data/deletion.ts): the row stays, anonymised,
-- so that the seats of finished games keep pointing at it, and deleted_at says so. Token checks
-- treat such an account as gone. Not among the columns the users_touch_games trigger watches:
-- the deletion also rewrites the name and address, which it does watch.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);
