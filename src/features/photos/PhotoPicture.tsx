import { preload } from "react-dom";
import {
  photoRenditionPath,
  photoRenditionSizes,
  photoSrcSet,
  type PhotoReference,
  type PhotoSize,
} from "./photo-names";

export interface PhotoPictureProps {
  photo: PhotoReference;
  alt: string;
  /** The width the picture takes at each viewport width, as the caller's CSS lays it out. */
  sizes: string;
  loading: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  /** On the `<img>`: the box, the fit and the corners are the caller's. */
  className?: string;
}

/**
 * A vehicle photo in every width and format: AVIF, then WebP, then JPEG for every other browser.
 * The declared size is the largest rendition's, so the browser reserves the photo's shape before a
 * byte arrives.
 */
export function PhotoPicture({ photo, alt, sizes, loading, fetchPriority, className }: PhotoPictureProps) {
  // For a browser that ignores srcset: the middle width when there is one, sharp enough on most screens.
  const middle = (renditions: PhotoSize[]) => renditions[Math.min(1, renditions.length - 1)]!;
  if (fetchPriority === "high") {
    // React preloads a plain <img> from the head but not one inside <picture>, where it cannot know
    // which source the browser takes. Without this the page's largest picture is found only after
    // the script preloads and waits for them. Browsers without AVIF skip it by its type. AVIF has
    // widths of its own (no wider than 1200), so the preload names AVIF's and not JPEG's.
    preload(photoRenditionPath(photo, middle(photoRenditionSizes(photo, "avif")), "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: photoSrcSet(photo, "avif"),
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={photoRenditionPath(photo, middle(photoRenditionSizes(photo, "jpg")), "jpg")}
        srcSet={photoSrcSet(photo, "jpg")}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}
