import { type SeededUser, seedUser } from './factories';
import { type Harness, startHarness } from './harness';

/** A harness without the job engine, with an admin and an ordinary user: the setup of the admin tools' tests. */
export type AdminHarness = { h: Harness; admin: SeededUser; user: SeededUser };

export const startAdminHarness = async (): Promise<AdminHarness> => {
  const h = await startHarness({ engine: false });
  return { h, admin: await seedUser(h, { admin: true }), user: await seedUser(h) };
};
