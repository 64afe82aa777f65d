/** What a visit to the showroom offers. */
export const showroomServices = [
  { title: "Test drives", text: "Drive any cart on the lot on our test track, no appointment needed." },
  { title: "Expert consultation", text: "We help you choose seats, range, lift and accessories for how you ride." },
  { title: "Financing options", text: "Apply with our lending partners and get a decision during your visit." },
];
