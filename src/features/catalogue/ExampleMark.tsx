import type { Vehicle } from "./vehicle";

/**
 * Values the dealer has not confirmed (a vehicle's exampleFields) are shown with this text after
 * them: visible and read aloud, not a colour or a symbol alone.
 */
export const exampleMarkText = "(example)";
export const exampleNoteText = `Values marked ${exampleMarkText} are examples until the dealer confirms them.`;

/**
 * Whether the page should label this value as an example: `path` as in exampleFields. Here, not in
 * vehicle.ts, so pages never pull that module's validation library into the browser.
 */
export function isExampleValue(vehicle: Pick<Vehicle, "exampleFields">, path: string): boolean {
  return vehicle.exampleFields?.includes(path) ?? false;
}

/** " (example)" after the value when `path` is one of the vehicle's example fields, else nothing. */
export function ExampleMark({ vehicle, path }: { vehicle: Pick<Vehicle, "exampleFields">; path: string }) {
  if (!isExampleValue(vehicle, path)) return null;
  return <span className="example-mark"> {exampleMarkText}</span>;
}

/** The one-line explanation a page shows once when any value on it carries the mark. */
export function ExampleNote() {
  return <p className="muted example-note">{exampleNoteText}</p>;
}
