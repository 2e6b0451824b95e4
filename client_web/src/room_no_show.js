// A quick pairing's room that ended because the other player never came (protocol/
// README.md, Quick pairing): the player who came goes back to looking, with the same
// settings, at once. Only when the end is seen here (a page opened on such a room later
// just shows it).
/** Whether the page went back to the lobby to look again. ``view``: the room's; ``state``:
 * the room page's {open (seen before it closed), moving}. */
export function noShow(view, me, state, app) {
  if (!view) return false;
  if (view.room.closed == null) state.open = true;
  if (view.room.closed !== "no_show" || !state.open || me == null || state.moving) return false;
  state.moving = true;
  app.reseek = {
    settings: { target: view.game.target, turn_seconds: view.room.turn_seconds ?? null, rated: !!view.room.rated },
    note: "lobby.no_show",
  };
  app.navigate("#/");
  return true;
}
