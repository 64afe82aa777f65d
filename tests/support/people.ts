/**
 * A different customer each call, in every Playwright worker at once: one customer's booking
 * requests are held to the per-person limit, and the e-mails to one address to the hourly limit
 * (each tested on its own), while most tests are about something else and book as many people do.
 */
let customers = 0;

export function anotherPerson(first = "Ada", last = "Lovelace") {
  customers += 1;
  // The worker's process id keeps two workers' customers apart; the count, one worker's.
  const serial = `${String(process.pid % 1000).padStart(3, "0")}${String(customers % 10_000).padStart(4, "0")}`;
  return {
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}.${serial}@example.org`,
    phone: `570-${serial.slice(0, 3)}-${serial.slice(3)}`,
  };
}
