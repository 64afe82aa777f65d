import { formatPrice } from "~/lib/format";
import { rentalPlans, rentalTerms } from "~/config/rental-plans";
import { RentalsPage } from "~/features/rentals/RentalsPage";
import { rentalPromise } from "~/features/rentals/rentals-content";
import { pageMeta } from "~/seo/meta";
import { faqJsonLd } from "~/seo/structured-data";

export function meta() {
  const daily = rentalPlans.map((plan) => `${plan.title} ${formatPrice(plan.rates[0]!.price)}/day`).join(", ");
  return pageMeta({
    title: "Golf Cart Rentals: Daily, Weekly and Monthly",
    description: `Rent a golf cart delivered to your door: ${daily}. ${rentalPromise}`,
    path: "/rentals",
    breadcrumb: "Rentals",
    structuredData: [
      faqJsonLd([
        {
          question: "How much does a golf cart rental cost?",
          answer: `${daily}; weekly and monthly plans cost less per day.`,
        },
        {
          question: "Do you deliver rental carts?",
          answer: `Yes: free within ${rentalTerms.deliveryFreeMiles} miles, then ${formatPrice(rentalTerms.deliveryPerMile)} per mile.`,
        },
        {
          question: "Who can rent?",
          answer: `Renters ${rentalTerms.minimumAge} or older with ${rentalTerms.renterShows}.`,
        },
      ]),
    ],
  });
}

export default RentalsPage;
