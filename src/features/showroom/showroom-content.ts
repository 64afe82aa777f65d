import { site } from "~/config/site";

/** What a visit to the showroom offers. */
export const showroomServices = [
  {
    title: "Test drives",
    text: site.optionalClaims.walkInTestDrives
      ? "Drive any cart on the lot, no appointment needed."
      : "Drive the cart you are considering on our lot; call ahead and we will have it charged and ready.",
  },
  { title: "Expert consultation", text: "We help you choose seats, range, lift and accessories for how you ride." },
  {
    title: "Financing options",
    text: site.optionalClaims.sameDayFinancingDecisions
      ? "Apply with our lending partners and get a decision during your visit."
      : "Apply with our lending partners during your visit; we help with the paperwork.",
  },
];
