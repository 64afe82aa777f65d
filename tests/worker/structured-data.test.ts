import { describe, expect, it } from "vitest";
import { site, type Review } from "~/config/site";
import { autoDealerJsonLd, reviewsJsonLd } from "~/seo/structured-data";

describe("the dealer's structured data", () => {
  it("states no rating while the config holds no reviews", () => {
    expect(site.reviews).toEqual([]);
    const dealer = autoDealerJsonLd() as Record<string, unknown>;
    expect(dealer).not.toHaveProperty("aggregateRating");
    expect(dealer).not.toHaveProperty("review");
    expect(JSON.stringify(dealer)).not.toMatch(/rating/i);
  });

  it("rates from real reviews only, and shows each one", () => {
    const reviews: Review[] = [
      {
        author: "A. Buyer",
        datePublished: "2026-05-14",
        rating: 5,
        text: "Great cart.",
        source: "https://example.com/r/1",
      },
      {
        author: "B. Renter",
        datePublished: "2026-06-02",
        rating: 4,
        text: "Good rental.",
        source: "https://example.com/r/2",
      },
    ];
    const data = reviewsJsonLd(reviews) as {
      aggregateRating: { ratingValue: number; reviewCount: number };
      review: unknown[];
    };
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(data.review).toHaveLength(2);
  });

  it("carries the showroom's hours and the service department's own", () => {
    const dealer = autoDealerJsonLd() as {
      openingHoursSpecification: { opens: string; closes: string }[];
      department: { openingHoursSpecification: { opens: string; closes: string; dayOfWeek: string[] }[] }[];
    };
    expect(dealer.openingHoursSpecification[0]).toMatchObject({ opens: "09:00", closes: "17:00" });
    const service = dealer.department[0]!.openingHoursSpecification;
    expect(service.map((entry) => `${entry.opens}-${entry.closes}`)).toEqual(["08:00-17:00", "09:00-15:00"]);
  });
});
