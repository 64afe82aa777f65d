import { PhotoPicture } from "~/features/photos/PhotoPicture";
import { parsePhotoReference } from "~/features/photos/photo-names";
import { vehicleImageSize } from "./vehicle-status";

export interface VehiclePictureProps {
  /** An entry of a vehicle's `images`: a staff photo, a drawing or an https picture. */
  image: string;
  alt: string;
  /** Used by photos only; a drawing is one SVG whatever its width. */
  sizes: string;
  /** Absent: the browser's default, as the detail page's drawing has always had. */
  loading?: "eager" | "lazy";
  fetchPriority?: "high";
  className: string;
}

/** One vehicle picture: a photo in all its renditions, anything else as the single file it is. */
export function VehiclePicture({ image, alt, sizes, loading, fetchPriority, className }: VehiclePictureProps) {
  const photo = parsePhotoReference(image);
  if (photo) {
    return (
      <PhotoPicture
        photo={photo}
        alt={alt}
        sizes={sizes}
        loading={loading ?? "eager"}
        fetchPriority={fetchPriority}
        className={className}
      />
    );
  }
  return (
    <img
      src={image}
      alt={alt}
      width={vehicleImageSize.width}
      height={vehicleImageSize.height}
      loading={loading}
      className={className}
      fetchPriority={fetchPriority}
    />
  );
}
