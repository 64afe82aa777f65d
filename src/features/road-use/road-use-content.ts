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
  /** True while counsel has not confirmed the statement's words: the page marks it (`counselReviewMark`). */
  unconfirmed?: boolean;
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
// PennDOT's bulletin on Act 57 of 2017, as the Pennsylvania Recreational Vehicle and Camping
// Association republished it ("Courtesy of PennDOT"), quotes the golf cart definition word for
// word, "motor" included, as SB 785's last printing (PN 1239) has it.
const act57Bulletin: Source = {
  citation: "PennDOT, bulletin on Act 57 of 2017 (as republished by the PRVCA, February 9, 2018)",
  href: "https://www.prvca.org/correction-to-bulletin-18-03-regarding-act-57/",
};
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
// The neighborhood-electric-vehicle sections. The definition's words come from a bill's printing,
// not from an official text of the Code, so the statement resting on it carries the counsel-review
// mark; § 3595 is read in Justia's 2014 compilation (docs/decisions.md, issue 55).
const nevDefinition: Source = pennsylvania("102", "definition of neighborhood electric vehicle");
const nevSubchapter: Source = {
  citation: "75 Pa.C.S. §§ 3591-3596 (operation of neighborhood electric vehicles)",
  href: vehicleCode,
};
const nevSeating: Source = {
  citation: "75 Pa.C.S. § 3595 (seating limitation, as compiled in 2014)",
  href: "https://law.justia.com/codes/pennsylvania/2014/title-75/chapter-35/section-3595/",
};

export const roadUseGuide = {
  title: "Where a golf cart or LSV may drive in Pennsylvania",
  description:
    "Pennsylvania's rules for golf carts and low-speed vehicles (LSVs) on public roads, each with its statute or PennDOT source.",
  intro:
    "Pennsylvania treats a golf cart and a low-speed vehicle (LSV) certified by its maker as different vehicles. Every statement below names the law or publication it comes from.",
  /** When every source below was last read against the text. */
  lastChecked: { iso: "2026-11-28", text: "November 28, 2026" },
  caution:
    "This guide is a summary, not legal advice, and laws change. Before you drive any cart on a public road, confirm with PennDOT and with your municipality.",
  sections: [
    {
      id: "which-is-mine",
      heading: "Golf cart or LSV: which is yours?",
      statements: [
        {
          text: 'Pennsylvania law defines a golf cart as "a self-propelled motor vehicle designed and manufactured for the transportation of persons or equipment for sporting, maintenance, or recreational purposes that is not capable of exceeding a speed of 20 miles per hour."',
          sources: [pennsylvania("102", "definition of golf cart, added by Act 57 of 2017"), act57Bulletin],
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
          text: "An LSV on a Pennsylvania highway needs what any vehicle driven there needs: a Pennsylvania certificate of title, and a registration and plate.",
          sources: [pennsylvania("1101", "certificate of title"), pennsylvania("1301", "registration")],
        },
        {
          text: "It also needs a periodic safety inspection at an official inspection station.",
          sources: [pennsylvania("4703", "inspection")],
          unconfirmed: true,
        },
        {
          text: "It also needs insurance (financial responsibility) for as long as it is registered.",
          sources: [pennsylvania("1786", "financial responsibility")],
          unconfirmed: true,
        },
        {
          text: "The Vehicle Code has a subchapter on neighborhood electric vehicles: a four-wheeled electric vehicle with a maximum design speed of not less than 20 and not more than 25 miles per hour that complies with Federal Motor Vehicle Safety Standard No. 500. An electric LSV is one.",
          sources: [nevDefinition, nevSubchapter],
          unconfirmed: true,
        },
        {
          text: "A neighborhood electric vehicle may not be driven with more passengers than it has seat belts.",
          sources: [nevSeating],
        },
        {
          text: "The subchapter's other sections (§§ 3591-3594 and 3596) also govern an NEV on the road. We could not find their enacted text to summarize, so read them, or ask PennDOT or an official inspection station, before you buy an LSV to drive on the road.",
          sources: [nevSubchapter],
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
        "Only its maker can make it one: a low-speed vehicle its manufacturer certifies to Federal Motor Vehicle Safety Standard No. 500 (49 CFR §§ 571.500, 567.4); no shop conversion of a golf cart does. On the road it then needs a title and registration, and a licensed driver (75 Pa.C.S. §§ 1101, 1301, 1501), and it carries no more passengers than it has seat belts (§ 3595). What the guide says of its inspection and insurance is marked for counsel to confirm; ask PennDOT first.",
    },
  ],
} as const;
