import { site } from "~/config/site";
import { PhotoPicture } from "./PhotoPicture";
import type { PhotoReference } from "./photo-names";

/**
 * A photo staff took of the dealer, leading a page's hero: the page's largest picture, so it loads
 * first (eager, high priority, and PhotoPicture preloads it from the head). What it shows is the
 * staff's choice, so its text says only whose photo it is.
 */
export function DealerPhoto({ photo }: { photo: PhotoReference }) {
  return (
    <PhotoPicture
      photo={photo}
      alt={`A photo of ${site.name}, taken by our staff`}
      sizes="(min-width: 1024px) 34rem, calc(100vw - 2rem)"
      loading="eager"
      fetchPriority="high"
      className="dealer-photo"
    />
  );
}
