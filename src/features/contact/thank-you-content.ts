/** The thank-you page's "What Happens Next" steps. */
export const nextSteps = [
  { title: "Review", text: "A member of our team reads your message and looks up anything it mentions." },
  { title: "Personal response", text: "We answer by phone or e-mail, whichever suits your question best." },
  { title: "Solution and service", text: "We arrange the test drive, quote, rental or repair you asked about." },
];
