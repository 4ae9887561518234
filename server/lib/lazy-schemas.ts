// Route schemas compiled on a route's first request instead of at start (issue 8: a restart under
// 2 s). Fastify compiles every validator (Ajv) and response serializer (fast-json-stringify) of
// ~150 routes while it starts: about 0.4 s of CPU that holds the first health check, for routes most
// restarts never see. These factories wrap Fastify's own ones (same Ajv options, same output);
// each route pays its compile (a few ms) once, on its first call. A schema that cannot compile
// still fails the tests: every route is called by tests/server/security/sweep.test.ts.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Validator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Factory<R> = (externalSchemas: unknown, options: unknown) => (route: object) => R;

/** Fastify's Ajv factory, made lazy. The wrapper forwards Ajv's `errors` (Fastify reads them off the
 *  function after a failed check) and says it is an Ajv function (`schemaEnv`), so Fastify passes the
 *  parent object Ajv needs to coerce or default a whole request part. */
export function lazyValidatorFactory(): Factory<Validator> {
  const build = AjvCompiler() as unknown as Factory<Validator>;
  return (externalSchemas, options) => {
    let compilerFor: ((route: object) => Validator) | undefined;
    return (route) => {
      let compiled: Validator | undefined;
      const validate: Validator = (data, context) => {
        compiled ??= (compilerFor ??= build(externalSchemas, options))(route);
        const ok = compiled(data, context);
        validate.errors = compiled.errors;
        return ok;
      };
      validate.schemaEnv = true;
      return validate;
    };
  };
}

/** Fastify's fast-json-stringify factory, made lazy. */
export function lazySerializerFactory(): Factory<(data: unknown) => string> {
  const build = (SerializerSelector as unknown as () => Factory<(data: unknown) => string>)();
  return (externalSchemas, options) => {
    let compilerFor: ((route: object) => (data: unknown) => string) | undefined;
    return (route) => {
      let compiled: ((data: unknown) => string) | undefined;
      return (data) => (compiled ??= (compilerFor ??= build(externalSchemas, options))(route))(data);
    };
  };
}
