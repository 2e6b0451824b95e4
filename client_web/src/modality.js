// Is the player at the keyboard? True from a key press until the next pointer press. Where
// the keyboard goes after an action (the next place to act) matters only to such a player:
// one who taps is never moved about.
let keyboard = false;
window.addEventListener("keydown", () => (keyboard = true), true);
window.addEventListener("pointerdown", () => (keyboard = false), true);

export const atKeyboard = () => keyboard;
