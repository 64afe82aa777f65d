import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { interests } from "~/config/enquiry-interests";
import { contactSchema, type ContactSubmission } from "~/features/contact/contact-schema.server";
import type { ContactMessageRow } from "~/features/mail/outbox.server";
import { adfLeadXml } from "~/features/mail/staff-email.server";
import type { TradeInLead } from "~/features/mail/trade-in-mail.server";
import { tradeInMakes } from "~/config/trade-in-options";
import { seedCatalogue } from "../../scripts/local-site/seed-catalogue";
import { messageText, nameText, withHiddenCharacters } from "../worker/text-in-many-scripts";

/**
 * Strict CRM importers validate a lead against the ADF 1.0 DTD and drop one that fails, without a
 * word to the dealer. Every kind of lead the site sends (each interest, about each cart or none,
 * and whatever a visitor typed) is checked here with libxml2's xmllint (Node-side, so not in workerd).
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const dtd = path.join(projectRoot, "tests/support/adf-1.0.dtd");

/** A stored message as the lead reads it; the delivery bookkeeping the lead never reads is left out. */
function rowOf(accepted: ContactSubmission, index: number): ContactMessageRow {
  return {
    id: `lead-${index}`,
    firstName: accepted.firstName,
    lastName: accepted.lastName,
    email: accepted.email,
    phone: accepted.phone,
    interest: accepted.interest,
    message: accepted.message,
    vehicleId: null,
    createdAt: "2026-11-25T09:30:00.000Z",
    bookingReference: null,
  } as ContactMessageRow;
}

const plainMessage = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "570-555-0199",
  message: 'Is this cart still on the lot? <asap> & "soon"',
};

/** Every interest, about no cart and about each cart of the catalogue. */
function everyKindOfLead(): { name: string; xml: string }[] {
  const leads: { name: string; xml: string }[] = [];
  for (const interest of interests) {
    for (const vehicle of [null, ...seedCatalogue] as (Vehicle | null)[]) {
      const row = rowOf(contactSchema.parse({ ...plainMessage, interest }), leads.length);
      leads.push({ name: `${interest}-${vehicle?.id ?? "no-vehicle"}`, xml: adfLeadXml(row, vehicle) });
    }
  }
  return leads;
}

/** A customer's cart offered in trade, as its lead reads it: what they typed, in any script. */
function tradeInOf(index: number, model: string, conditionNotes: string): TradeInLead {
  return {
    id: `trade-in-${index}`,
    cartYear: 2015 + (index % 10),
    make: tradeInMakes[index % tradeInMakes.length]!,
    model,
    serial: `SN-${index} <plate> & "VIN"`,
    conditionNotes,
    offerLowCents: null,
    offerHighCents: null,
    offerNote: null,
    offerDays: null,
    answeredAt: null,
  };
}

/** A trade-in's lead (issue 58): the cart traded as interest="trade-in", then the cart wanted, if any. */
function tradeInLeads(count: number): { name: string; xml: string }[] {
  const typed = fc.sample(fc.tuple(withHiddenCharacters(nameText(40)), withHiddenCharacters(messageText(400))), count);
  return typed.map(([model, notes], index) => {
    const row = rowOf(
      contactSchema.parse({ ...plainMessage, interest: "sales", message: "Trade-in of a customer's cart" }),
      index,
    );
    const vehicle = index % 3 === 0 ? null : seedCatalogue[index % seedCatalogue.length]!;
    const lead = adfLeadXml({ ...row, tradeInId: `trade-in-${index}` }, vehicle, tradeInOf(index, model, notes));
    return { name: `trade-in-${index}`, xml: lead };
  });
}

/** What visitors type in the world's scripts, with the hidden characters pasted text carries. */
function generatedLeads(count: number): { name: string; xml: string }[] {
  const submissions = fc.sample(
    fc.record({
      firstName: withHiddenCharacters(nameText(40)),
      lastName: withHiddenCharacters(nameText(40)),
      email: fc.constant(plainMessage.email),
      phone: fc.constant(plainMessage.phone),
      interest: fc.constantFrom(...interests),
      message: withHiddenCharacters(messageText(400)),
      vehicle: fc.option(fc.constantFrom(...seedCatalogue)),
    }),
    count,
  );
  return submissions.flatMap(({ vehicle, ...input }, index) => {
    const accepted = contactSchema.safeParse(input);
    if (!accepted.success) return [];
    return [{ name: `generated-${index}`, xml: adfLeadXml(rowOf(accepted.data, index), vehicle) }];
  });
}

function validate(leads: { name: string; xml: string }[]) {
  const folder = mkdtempSync(path.join(tmpdir(), "adf-leads-"));
  try {
    const files = leads.map((lead) => {
      const file = path.join(folder, `${lead.name}.xml`);
      writeFileSync(file, lead.xml);
      return file;
    });
    const result = spawnSync("xmllint", ["--noout", "--dtdvalid", dtd, ...files], { encoding: "utf8" });
    return { status: result.status, errors: `${result.error ?? ""}${result.stderr}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("every lead validates against the ADF 1.0 DTD @desktop", () => {
  test.setTimeout(60_000);
  const trades = tradeInLeads(100);
  expect(trades.every((lead) => lead.xml.includes('<vehicle interest="trade-in" status="used">'))).toBe(true);
  const leads = [...everyKindOfLead(), ...generatedLeads(600), ...trades];
  expect(leads.length).toBeGreaterThan(interests.length * (seedCatalogue.length + 1) + 100);
  const { status, errors } = validate(leads);
  // xmllint reports a non-deterministic content model without failing, so any output fails the test.
  expect(errors).toBe("");
  expect(status).toBe(0);
});

test("a lead names the cart's model year when the catalogue gives it, and has a vehicle without a cart @desktop", () => {
  const row = rowOf(contactSchema.parse({ ...plainMessage, interest: "sales" }), 0);
  const used = seedCatalogue.find((vehicle) => vehicle.id === "ezgo-txt-2016")!;
  expect(adfLeadXml(row, used)).toContain("<year>2016</year><make>EZ-GO</make>");
  const general = adfLeadXml({ ...row, interest: "general" }, null);
  expect(general).toContain("<vehicle><year></year><make></make><model></model></vehicle>");
});
