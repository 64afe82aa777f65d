/**
 * Where a golf cart or a low-speed vehicle may drive in Pennsylvania, as data: every
 * statement carries the law or publication it comes from, and nothing is said that no source says
 * (docs/decisions.md lists how each was found). Re-read the sources and move `lastChecked` whenever
 * a sentence here changes.
 */

export interface Source {
  /** How a reader finds it: a statute section, a federal regulation, a PennDOT publication. */
  citation: string;
  /** Where it is published, when there is a stable public address. */
  href?: string;
}

export interface Statement {
  text: string;
  sources: readonly Source[];
}

export interface GuideSection {
  id: string;
  heading: string;
  statements: readonly Statement[];
}

// The Pennsylvania General Assembly's table of contents of Title 75, where every section cited below
// is published; the federal rules are published in the eCFR.
const vehicleCode = "https://www.legis.state.pa.us/WU01/LI/LI/CT/HTM/75/75.HTM";
const pennsylvania = (section: string, note?: string): Source => ({
  citation: `75 Pa.C.S. § ${section}${note ? ` (${note})` : ""}`,
  href: vehicleCode,
});
const federal = (section: string, href: string, note: string): Source => ({
  citation: `49 CFR § ${section} (${note})`,
  href,
});

const lsvDefinition = federal(
  "571.3",
  "https://www.ecfr.gov/current/title-49/subtitle-B/chapter-V/part-571/subpart-A/section-571.3",
  "definition of low-speed vehicle",
);
const fmvss500 = federal(
  "571.500",
  "https://www.ecfr.gov/current/title-49/subtitle-B/chapter-V/part-571/subpart-B/section-571.500",
  "Federal Motor Vehicle Safety Standard No. 500, low-speed vehicles",
);
const certificationLabel = federal(
  "567.4",
  "https://www.ecfr.gov/current/title-49/subtitle-B/chapter-V/part-567/section-567.4",
  "the maker's certification label",
);
// PennDOT's view of LSVs and the passenger-car safety inspection, as the sponsor of the 2013-14
// bill to let them use some roads reported it. We found no current PennDOT page or fact sheet on
// LSVs to cite instead (the old citation pointed at the dmv.pa.gov home page), and could not find
// whether that bill, SB 83, became law, so the guide says nothing that rests on it
// (docs/decisions.md).
const pennDotOnInspection: Source = {
  citation:
    "Sen. Stewart J. Greenleaf, co-sponsorship memorandum, Neighborhood Electric Vehicles, December 4, 2012 (reporting PennDOT's determination)",
  href: "https://www.legis.state.pa.us/cfdocs/Legis/CSM/showMemoPublic.cfm?chamber=S&SPick=20130&cosponId=9759",
};

export const roadUseGuide = {
  title: "Where a golf cart or LSV may drive in Pennsylvania",
  description:
    "Pennsylvania's rules for golf carts and low-speed vehicles (LSVs) on public roads, each with its statute or PennDOT source.",
  intro:
    "Pennsylvania treats a golf cart and a low-speed vehicle (LSV) certified by its maker as different vehicles. Every statement below names the law or publication it comes from.",
  /** When every source below was last read against the text. */
  lastChecked: { iso: "2026-11-27", text: "November 27, 2026" },
  caution:
    "This guide is a summary, not legal advice, and laws change. Before you drive any cart on a public road, confirm with PennDOT and with your municipality.",
  sections: [
    {
      id: "which-is-mine",
      heading: "Golf cart or LSV: which is yours?",
      statements: [
        {
          text: "Pennsylvania law defines a golf cart as a self-propelled vehicle designed and made to carry people or equipment for sporting, maintenance or recreational purposes that cannot go faster than 20 miles per hour.",
          sources: [pennsylvania("102", "definition of golf cart, added by Act 57 of 2017")],
        },
        {
          text: "Federal law defines a low-speed vehicle as a four-wheeled motor vehicle whose top speed on a paved level surface is more than 20 and not more than 25 miles per hour, with a gross vehicle weight rating under 3,000 pounds.",
          sources: [lsvDefinition],
        },
        {
          text: "An LSV must be built to Federal Motor Vehicle Safety Standard No. 500: headlamps, front and rear turn signals, tail lamps, stop lamps, red reflex reflectors, an exterior mirror on the driver's side and a second mirror, a parking brake, a windshield of automotive safety glazing, a vehicle identification number and a seat belt at every seat.",
          sources: [fmvss500],
        },
        {
          text: "A vehicle built to the federal standards carries its maker's certification label saying so; that label, not the cart's looks, tells you whether it was made as an LSV. The label is the manufacturer's: lights, mirrors or seat belts fitted to a golf cart afterwards do not add one.",
          sources: [certificationLabel],
        },
      ],
    },
    {
      id: "golf-carts",
      heading: "A golf cart on Pennsylvania roads",
      statements: [
        {
          text: "Driving a golf cart on a highway is unlawful in Pennsylvania unless the cart is exempt from registration under one of the two exemptions that follow.",
          sources: [pennsylvania("77A01(a)")],
        },
        {
          text: "A golf cart carrying people or equipment for sporting, maintenance or recreational purposes is exempt from registration while crossing certain public highways.",
          sources: [pennsylvania("1302(3)")],
        },
        {
          text: "The Vehicle Code sets when a golf cart may cross a highway directly, and provides for designated golf cart crossings; your municipality can tell you whether one is near you.",
          sources: [pennsylvania("77A01(b)"), pennsylvania("77A02", "golf cart crossings")],
        },
        {
          text: "A vehicle used to maintain a golf course, a resort, or a college, university or seminary campus is exempt from registration when it travels no more than one mile on a public road and the property on both sides of that road belongs to the course, resort or campus.",
          sources: [pennsylvania("1302(14)")],
        },
        {
          text: "No one under 12 may drive a golf cart, and a driver under 16 may cross a highway only under an adult's direct supervision.",
          sources: [pennsylvania("77A03")],
        },
      ],
    },
    {
      id: "lsvs",
      heading: "A low-speed vehicle (LSV)",
      statements: [
        {
          text: "An LSV on a Pennsylvania highway needs what any vehicle driven there needs: a Pennsylvania certificate of title, a registration and plate, a periodic safety inspection, and insurance (financial responsibility) for as long as it is registered.",
          sources: [
            pennsylvania("1101", "certificate of title"),
            pennsylvania("1301", "registration"),
            pennsylvania("4703", "inspection"),
            pennsylvania("1786", "financial responsibility"),
          ],
        },
        {
          text: "The inspection is the catch: in 2012 PennDOT's position, as the sponsor of a bill to allow LSVs on some roads reported it, was that LSVs cannot lawfully be driven on state roads because they fail the safety inspection requirements for a passenger vehicle. We found no current PennDOT publication on LSVs to say otherwise, so ask PennDOT, or an official inspection station, before you buy an LSV to drive on the road.",
          sources: [pennDotOnInspection],
        },
        {
          text: "Its driver needs a driver's license, as for any motor vehicle on a highway.",
          sources: [pennsylvania("1501(a)")],
        },
        {
          text: "A registered LSV is driven under the same rules of the road as other vehicles. Among them: no one may drive so slowly as to impede the normal and reasonable movement of traffic, so a 25 mph vehicle does not belong on a road where it would hold traffic up.",
          sources: [pennsylvania("3364(a)", "minimum speed regulation")],
        },
      ],
    },
  ] satisfies readonly GuideSection[],
  /** The questions buyers ask first, answered from the statements above (the page's FAQ data). */
  questions: [
    {
      question: "Can I drive a golf cart on the road in Pennsylvania?",
      answer:
        "Generally not: driving a golf cart on a highway is unlawful unless it is exempt from registration, as when crossing certain highways or on short maintenance trips between two parts of a golf course, resort or campus (75 Pa.C.S. §§ 77A01 and 1302). No one under 12 may drive one (§ 77A03).",
    },
    {
      question: "What makes a cart street-legal in Pennsylvania?",
      answer:
        "Only its maker can make it one: a low-speed vehicle its manufacturer certifies to Federal Motor Vehicle Safety Standard No. 500 (49 CFR §§ 571.500, 567.4); no shop conversion of a golf cart does. On the road it then needs a title, registration, inspection and insurance, and a licensed driver (75 Pa.C.S. §§ 1101, 1301, 4703, 1786, 1501); PennDOT said in 2012 that LSVs fail the passenger-car inspection, so ask PennDOT first.",
    },
  ],
} as const;
