import type { ApiRoute } from './api-route';
import { noSuch } from './errors';
import { only } from './params';
import type { RequestRef } from './records';
import type { StripeWorld } from './world';

/**
 * Deleting a customer, as Stripe does it (the Dashboard, or DELETE /v1/customers/:id): its subscriptions
 * end at once (customer.subscription.deleted each), then customer.deleted. Afterwards the id reads as
 * `{ id, object: 'customer', deleted: true }`, and every call that names it (a Checkout Session, a portal
 * session, an update) is refused as Stripe refuses it: `No such customer` (resource_missing).
 */
export const deletedCustomer = (id: string) => ({ id, object: 'customer', deleted: true });

export const deleteCustomer = (world: StripeWorld, id: string, request?: RequestRef) => {
  const customer = world.state.customers.get(id);
  if (!customer) throw noSuch('customer', id);
  for (const subscription of world.state.subscriptions.values()) {
    if (subscription.customerId === id && subscription.status !== 'canceled')
      world.cancelSubscription(subscription.id, request);
  }
  const last = world.render.customer(customer);
  world.state.customers.delete(id);
  world.state.deletedCustomers.set(id, world.unix());
  world.emit('customer.deleted', last, undefined, request);
  return deletedCustomer(id);
};

export const registerCustomerDeletion = (route: ApiRoute, world: StripeWorld) => {
  route('DELETE', '/customers/:id', ({ params, req, request }) => {
    only(params, []);
    return deleteCustomer(world, (req.params as { id: string }).id, request);
  });
};
