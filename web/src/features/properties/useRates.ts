// The council's assessment rates for the live computation: the hook lives in queries.ts with the
// other reads; this name stays for the update dialog, which imports it from here.
export { useRates } from './queries.ts';
