/**
 * `merchant-elements <command>`: the one entry point of the server side.
 * Each command lives with the part it runs; this file only dispatches and prints help.
 */

const HELP = `merchant-elements <command> [options]

Commands:
  serve      sandbox + gateway + demo in one process (what \`npm start\` runs)
  gateway    the backend endpoint the elements fetch through (starts an in-process sandbox when no upstream is configured)
  sandbox    the offline emulator of the Actions and Publisher APIs
  feed       export the sandbox's Location Data Feed to a file
  render     print an element server-rendered (for static sites and build steps)

Run \`merchant-elements <command> --help\` for a command's options.`;

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.ts')).serveCommand,
  gateway: async () => (await import('./gateway.ts')).gatewayCommand,
  sandbox: async () => (await import('./sandbox.ts')).sandboxCommand,
  feed: async () => (await import('./sandbox.ts')).feedCommand,
  render: async () => (await import('./render.ts')).renderCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(HELP);
    return name ? 0 : 1;
  }
  const load = commands[name];
  if (!load) {
    console.error(`merchant-elements: unknown command "${name}".\n\n${HELP}`);
    return 2;
  }
  try {
    return await (
      await load()
    )(args);
  } catch (error) {
    // Configuration mistakes are reported as one clear line, not a stack trace.
    console.error(`merchant-elements ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
