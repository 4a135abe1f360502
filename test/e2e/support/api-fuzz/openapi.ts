// The operations the fuzzer exercises: the gateway's route table (GET /api/v1) joined with each owning service's
// OpenAPI document (GET /docs-json on the service's own port), which says what the path, query and body hold.

export const SERVICE_PORTS: Record<string, number> = {
  identity: 3001,
  inventory: 3002,
  tagging: 3003,
  events: 3004,
  analytics: 3005,
};
export const GATEWAY_PORT = 8080;

/** The subset of JSON Schema (as @nestjs/swagger writes it) the generators read. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface TableRoute {
  method: string;
  /** `/api/v1/assets/:id` as the gateway lists it. */
  path: string;
  service: string;
  access: 'public' | 'user' | 'organization';
  minRole?: 'User' | 'Admin' | 'System Admin';
  planned?: boolean;
}

/** One operation of the public API, with its schemas resolved ($refs inlined, cycles cut). */
export interface FuzzOperation {
  /** `GET assets/:id`: the route table's key. */
  key: string;
  method: string;
  /** Below /api/v1 with `:name` segments. */
  path: string;
  service: string;
  access: TableRoute['access'];
  minRole?: TableRoute['minRole'];
  pathParams: string[];
  query: { name: string; required: boolean; schema: Schema }[];
  /** The JSON body's schema, when the operation documents one. */
  body?: Schema;
  /** Media types the body may have (a CSV-only route is sent JSON anyway: its refusal is checked too). */
  bodyTypes: string[];
}

const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, '{}');

/** Inlines `$ref`s and `allOf`, depth-limited so a self-referencing schema cannot loop. */
function resolve(schema: Schema | undefined, document: OpenApiDocument, depth = 0): Schema | undefined {
  if (!schema || depth > 8) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(document.components?.schemas?.[name], document, depth + 1);
  }
  const resolved: Schema = { ...schema };
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, document, depth + 1) ?? {});
    resolved.allOf = undefined;
    resolved.type = resolved.type ?? parts.find((part) => part.type)?.type;
    resolved.properties = Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {});
    resolved.required = [...new Set(parts.flatMap((part) => part.required ?? []).concat(schema.required ?? []))];
  }
  if (schema.items) resolved.items = resolve(schema.items, document, depth + 1);
  if (resolved.properties)
    resolved.properties = Object.fromEntries(
      Object.entries(resolved.properties).map(([name, property]) => [name, resolve(property, document, depth + 1)!]),
    );
  for (const union of ['oneOf', 'anyOf'] as const)
    if (schema[union]) resolved[union] = schema[union]!.map((option) => resolve(option, document, depth + 1)!);
  if (typeof schema.additionalProperties === 'object')
    resolved.additionalProperties = resolve(schema.additionalProperties, document, depth + 1);
  return resolved;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every served route of the gateway's table with what its owning service documents about it. */
export async function loadOperations(baseUrl: string, portOffset: number): Promise<FuzzOperation[]> {
  const { routes } = await json<{ routes: TableRoute[] }>(`${baseUrl}/api/v1`);
  const documents = new Map<string, OpenApiDocument>();
  for (const service of new Set(routes.map((route) => route.service)))
    documents.set(
      service,
      await json<OpenApiDocument>(`http://127.0.0.1:${SERVICE_PORTS[service] + portOffset}/docs-json`),
    );
  return routes
    .filter((route) => !route.planned)
    .map((route) => {
      const path = route.path.replace(/^\/api\/v1\//, '');
      const document = documents.get(route.service)!;
      const documented = Object.entries(document.paths).find(([candidate]) => shape(candidate) === shape(`/${path}`));
      const operation = documented?.[1][route.method.toLowerCase()] ?? {};
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      return {
        key: `${route.method} ${path}`,
        method: route.method,
        path,
        service: route.service,
        access: route.access,
        minRole: route.minRole,
        pathParams: [...path.matchAll(/:(\w+)/g)].map((match) => match[1]),
        query: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: resolve(parameter.schema, document) ?? { type: 'string' },
          })),
        body: resolve(jsonBody, document),
        bodyTypes: Object.keys(content),
      };
    });
}
