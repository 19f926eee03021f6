// Loading a ruleset's module for a page (the umpire's console or a player's seat): the module
// from the ruleset's own folder, every part of the page's contract filled in with the page's
// default where the module exports nothing, and the map geometry it names from /web/maps/.

const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** {ruleset, geometry}: `page` is "umpire" or "play", `defaults` that page's contract. */
export async function loadModule(page, name, defaults) {
  if (!NAME.test(name)) throw new Error(`Not a ruleset name: ${name}`);
  const module = await import(`/${page}/rulesets/${name}/module.js`);
  const ruleset = { name, ...defaults };
  for (const part of Object.keys(defaults)) if (module[part] !== undefined) ruleset[part] = module[part];
  const geometry = ruleset.geometry && NAME.test(ruleset.geometry) ? await import(`/web/maps/${ruleset.geometry}.js`) : null;
  return { ruleset, geometry };
}
