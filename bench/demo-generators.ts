// The demo fleet and telemetry generators (deploy/scripts/lib, ES modules), for benchmarks that load realistic data.

// This folder compiles to CommonJS, whose `import()` would become `require()` of an ES module.
const importModule = new Function('path', 'return import(path)') as (path: string) => Promise<Record<string, unknown>>;

export interface DemoSample {
  externalId: string;
  hour: string;
}

export interface DemoGenerators {
  generateAssets(count: number, options: { seed: number; label: string }): { externalId: string }[];
  generateTelemetry(
    assets: unknown[],
    options: { seed: number; days: number; endHour?: number; chunkSize?: number },
  ): Iterable<DemoSample[]>;
}

export async function demoGenerators(): Promise<DemoGenerators> {
  const root = `${process.cwd()}/deploy/scripts/lib`;
  const fleet = await importModule(`${root}/demo-fleet.mjs`);
  const telemetry = await importModule(`${root}/demo-telemetry.mjs`);
  return { generateAssets: fleet.generateAssets, generateTelemetry: telemetry.generateTelemetry } as DemoGenerators;
}
