// The translations by language and text part (client/build/localeBundles.ts; decision 079): each
// loader gives the part's JSON files by their path (../locales/<lang>/<file>.json).
declare module 'virtual:locale-bundles' {
  type Tree = { [key: string]: string | Tree };
  const bundles: Record<
    string,
    Record<string, (() => Promise<Record<string, Tree>>) | undefined> | undefined
  >;
  export default bundles;
}
