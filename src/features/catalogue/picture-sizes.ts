/**
 * `sizes` of the vehicle pictures: the width each one takes, worked out from the CSS that lays it
 * out, so a browser fetches the smallest rendition that stays sharp. Breakpoints are in em (the
 * browser's default font size, as media queries read it) and lengths in rem, like the CSS. Change
 * these with the layout: .container (100% - 2rem, at most 72rem), .grid and .grid--wide (columns of
 * at least 16rem and 20rem, 1.5rem gaps), .card (1.5rem padding, 1px border; .vehicle-card 1rem)
 * and .vehicle-detail (1.2fr 1fr from 56rem).
 */

/**
 * A card in the inventory or home grid. The container is 72rem wide from 74em; below that the
 * grid holds 4 columns from 70.5em, 3 from 53em, 2 from 35.5em, else 1. A card's picture is the
 * column less the card's padding and border (2rem + 2px).
 */
export const vehicleCardPictureSizes = [
  "(min-width: 74em) 14.75rem",
  "(min-width: 70.5em) calc(25vw - 3.75rem)",
  "(min-width: 53em) calc(33.34vw - 3.8rem)",
  "(min-width: 35.5em) calc(50vw - 3.875rem)",
  "calc(100vw - 4.125rem)",
].join(", ");

/** A brand page's model card: .grid--wide holds 3 columns from 65em, 2 from 43.5em, else 1. */
export const modelCardPictureSizes = [
  "(min-width: 74em) 19.875rem",
  "(min-width: 65em) calc(33.34vw - 4.8rem)",
  "(min-width: 43.5em) calc(50vw - 4.875rem)",
  "calc(100vw - 5.125rem)",
].join(", ");

/** The detail page's main picture: the whole container, then 1.2 of 2.2 parts of it beside the facts. */
export const vehicleDetailPictureSizes = [
  "(min-width: 74em) 38.2rem",
  "(min-width: 56em) calc(54.55vw - 2.19rem)",
  "calc(100vw - 2rem)",
].join(", ");

/**
 * A gallery thumbnail: .vehicle-gallery fills its column with tracks of at least 6rem and 0.5rem
 * gaps, so once two fit a track is under 9.25rem; the smallest rendition covers that anyway.
 */
export const vehicleThumbnailSizes = "9.25rem";
