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
// The neighborhood-electric-vehicle subchapter added by Act 154 of 2014 (HB 573 of 2013-14). Of its
// enacted text we could read only § 3595, in Justia's 2014 compilation of the Vehicle Code, and the
// NEV definition in HB 573's last printing we found (Printer's No. 4170); the other sections'
// enacted words we could not find, so the guide does not summarize them (docs/decisions.md).
const hb573FinalPrinting =
  "https://www.legis.state.pa.us/CFDOCS/Legis/PN/Public/btCheck.cfm?txtType=HTM&sessYr=2013&sessInd=0&billBody=H&billTyp=B&billNbr=0573&pn=4170";
const nevDefinition: Source = {
  citation:
    "75 Pa.C.S. § 102 (definition of neighborhood electric vehicle, as printed in HB 573 of 2013-14, Printer's No. 4170, enacted as Act 154 of 2014)",
  href: hb573FinalPrinting,
};
const nevSubchapter: Source = {
  citation: "75 Pa.C.S. §§ 3591-3596 (operation of neighborhood electric vehicles, Act 154 of 2014)",
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
          text: "Since Act 154 of 2014 the Vehicle Code has a subchapter on neighborhood electric vehicles: a four-wheeled electric vehicle with a maximum design speed of not less than 20 and not more than 25 miles per hour that complies with Federal Motor Vehicle Safety Standard No. 500. An electric LSV is one.",
          sources: [nevDefinition, nevSubchapter],
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
        "Only its maker can make it one: a low-speed vehicle its manufacturer certifies to Federal Motor Vehicle Safety Standard No. 500 (49 CFR §§ 571.500, 567.4); no shop conversion of a golf cart does. On the road it then needs a title, registration, inspection and insurance, and a licensed driver (75 Pa.C.S. §§ 1101, 1301, 4703, 1786, 1501), and it carries no more passengers than it has seat belts (§ 3595, in the neighborhood-electric-vehicle subchapter, §§ 3591-3596); ask PennDOT first.",
    },
  ],
} as const;
