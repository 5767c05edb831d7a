/**
 * The last child of a block marked `data-whole`, which the stylesheet keeps
 * invisible until this has arrived (app.css). The pages are streamed, and a
 * slow connection can hand the browser a page that stops in the middle of such
 * a block, which it paints. A block anchored to the foot of its box (a hero's
 * heading, a menu card's words, the cookie banner) then grows upwards when the
 * rest comes: a layout shift of 0.04-0.18 at 390 px, where the budget is 0.02.
 * A centred row of cards or a table's columns move as the next card or row
 * comes, less but for nothing. `as` gives a list its item.
 */
export function WholeEnd({ as: Tag = 'span' }: { as?: 'span' | 'li' }) {
  return <Tag hidden data-whole-end="" />
}
