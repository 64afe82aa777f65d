import { site } from "~/config/site";
import { consentCookieName } from "~/lib/consent";
import type { PolicyDocument } from "./policy-document";
import { policiesEffective } from "~/config/business-terms";
import {
  addressCheckers,
  alertRetention,
  bookingReminderRetention,
  clientAddressRetention,
  paperworkRetention,
  contactMessageRetention,
  tradeInRetention,
  serverLogRetention,
} from "~/config/data-retention";
import { termsSections } from "./documents";

export const privacyDocument: PolicyDocument = {
  slug: "privacy",
  title: "Privacy Policy",
  description: "What information we collect, how we use and protect it, the cookies we set and your choices.",
  keywords: ["privacy policy", "cookies", "personal information"],
  hero: true,
  effectiveDate: policiesEffective,
  intro: `This policy explains how ${site.name} handles information about visitors and customers.`,
  sections: [
    {
      heading: "Information we collect",
      list: [
        "What you send us: your name, e-mail address, phone number, what you are interested in and your message.",
        "What you give us in person: details needed for a sale, rental, financing referral or repair.",
        "What your browser sends when you visit: the page, your internet address, browser type and approximate location.",
      ],
    },
    {
      heading: "How we use it",
      list: [
        "To answer your questions, arrange test drives, rentals, deliveries and repairs.",
        "To prepare quotes and refer you to a lender you choose.",
        "To keep the website secure and working.",
      ],
    },
    {
      heading: "Sharing",
      paragraphs: [
        "We do not sell your information. We share it only with the lender you ask us to contact, the manufacturer for warranty work, and the providers that host this website and deliver our e-mail, each bound to protect it; or when the law requires.",
        addressCheckers.privacyText,
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        serverLogRetention.privacyText,
        `Messages sent through this website's contact form are deleted automatically ${contactMessageRetention.months} months after they arrive.`,
        bookingReminderRetention.privacyText,
        alertRetention.privacyText,
        clientAddressRetention.privacyText,
        paperworkRetention.privacyText,
        tradeInRetention.privacyText,
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "Messages travel over encrypted connections and are stored with access limited to our staff. No system is perfectly secure, so please do not send payment card numbers by e-mail or web form.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        `We set one cookie, "${consentCookieName}", to remember whether you allowed embedded maps. Google Maps is loaded only after you agree, and then sets its own cookies under Google's privacy policy. We use no advertising or tracking cookies.`,
      ],
    },
    {
      heading: "Your rights and choices",
      list: [
        "Ask for a copy of the information we hold about you, or ask us to correct or delete it.",
        "Withdraw map consent by clearing this site's cookies in your browser.",
        "Opt out of follow-up calls or e-mails at any time by telling us.",
      ],
    },
    {
      heading: "Third-party links",
      paragraphs: [
        "Links to lenders, manufacturers and map services lead to sites with their own privacy policies, which we do not control.",
      ],
    },
    {
      heading: "Children under 13",
      paragraphs: [
        "This site is not meant for children under 13, and we do not knowingly collect their information. If you believe a child has sent us information, contact us and we will delete it.",
      ],
    },
    { heading: "Changes", paragraphs: ["We will post any change to this policy here with a new effective date."] },
    { heading: "Contact", paragraphs: [`Questions about privacy: ${site.emails.info} or ${site.phone.display}.`] },
  ],
};

export const termsDocument: PolicyDocument = {
  slug: "terms",
  title: "Terms of Service",
  description: "The terms for using this website and for our sales, rentals and service.",
  keywords: ["terms of service", "website terms"],
  hero: false,
  effectiveDate: policiesEffective,
  intro: `By using this website you agree to these terms.`,
  sections: [...termsSections, { heading: "Contact", paragraphs: [`${site.emails.info} · ${site.phone.display}`] }],
};
