// `/api/docs/json` is a valid OpenAPI 3 document with every `$ref` resolved, checked by a kept
// OpenAPI parser (@readme/openapi-parser 9.0.0), so that client generators accept it.
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3 and dereferences fully', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; components: { schemas: Record<string, unknown> } }>();
    expect(doc.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    // Every $ref points at a component that is there (the recursive category tree included).
    const refs = [...res.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(doc.components.schemas, name).toHaveProperty(name);
    const full = await dereference(structuredClone(doc) as never, { dereference: { circular: 'ignore' } });
    expect(JSON.stringify(full)).not.toContain('schema0');
  });
});
