import { readFileSync } from "node:fs";
import path from "node:path";

const readmePath = path.resolve(import.meta.dirname, "../../README.md");

/**
 * The shell commands README.md gives under a `## {section}` heading, in order, with comment lines
 * and trailing comments removed: what a member of staff copies into a terminal.
 */
export function readmeCommands(section: string): string[] {
  const readme = readFileSync(readmePath, "utf8");
  const start = readme.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${section}" section`);
  const end = readme.indexOf("\n## ", start + 1);
  const text = readme.slice(start, end < 0 ? undefined : end);
  const commands: string[] = [];
  for (const [, block] of text.matchAll(/```sh\n([\s\S]*?)\n\s*```/g)) {
    for (const line of block!.split("\n")) {
      const command = line.replace(/\s+#.*$/, "").trim();
      if (command && !command.startsWith("#")) commands.push(command);
    }
  }
  return commands;
}
