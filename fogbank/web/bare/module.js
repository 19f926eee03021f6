// The module of a ruleset that brings none of its own for this page (the umpire's console or a
// player's seat): it exports nothing, so the page's defaults play the game.
export {};
