/** Text a staff command prints, line by line with each line's controls made visible: one rule with the staff pages. */
export { visibleLines } from "~/lib/visible-text";
