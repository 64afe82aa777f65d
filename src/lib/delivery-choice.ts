/**
 * How a customer gets what they booked or bought: from the showroom, or brought to one of the
 * towns by its slug. Apart from the delivery charges (delivery.ts) so that the browser's form checks
 * can use it without the town list.
 */
export type DeliveryChoice = { type: "pickup" } | { type: "delivery"; town: string };

/** What a customer reads when a form's delivery choice is missing or names no town we serve. */
export const deliveryChoiceMessage = "Choose pickup at the showroom or delivery to one of the towns we serve";

/** What a form's "Pickup or delivery" select sends for a pickup at the showroom. */
export const pickupChoice = "pickup";
