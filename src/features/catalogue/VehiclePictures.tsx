import type { ReactNode } from "react";
import { parsePhotoReference } from "~/features/photos/photo-names";
import { vehicleDetailPictureSizes, vehicleThumbnailSizes } from "./picture-sizes";
import type { Vehicle } from "./vehicle";
import { VehiclePicture } from "./VehiclePicture";
import { shownImages, vehicleImage } from "./vehicle-status";

/**
 * Every picture of a vehicle on its page: the first large, the others as thumbnails below it. Each
 * photo links to its largest JPEG, a plain link, so seeing one full size needs no script.
 */
export function VehiclePictures({ vehicle }: { vehicle: Pick<Vehicle, "name" | "images"> }) {
  const first = vehicleImage(vehicle);
  const firstIsPhoto = parsePhotoReference(first) !== null;
  const images = shownImages(vehicle);
  const count = images.length;
  const main = (
    <VehiclePicture
      image={first}
      alt={vehicle.name}
      sizes={vehicleDetailPictureSizes}
      fetchPriority="high"
      className={firstIsPhoto ? "vehicle-detail__image vehicle-detail__photo" : "vehicle-detail__image"}
    />
  );
  return (
    <>
      {firstIsPhoto ? <FullSizeLink image={first}>{main}</FullSizeLink> : main}
      {count > 1 ? (
        <ul className="vehicle-gallery" aria-label={`More pictures of ${vehicle.name}`}>
          {images.slice(1).map((image, index) => (
            <li key={`${index}-${image}`}>
              <FullSizeLink image={image}>
                <VehiclePicture
                  image={image}
                  alt={`${vehicle.name}, photo ${index + 2} of ${count}`}
                  sizes={vehicleThumbnailSizes}
                  loading="lazy"
                  className="vehicle-gallery__image"
                />
              </FullSizeLink>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A photo's own entry is the address of its largest JPEG; any other picture is one file anyway. */
function FullSizeLink({ image, children }: { image: string; children: ReactNode }) {
  return (
    <a href={image} className="vehicle-picture-link">
      {children}
      <span className="visually-hidden"> (full size)</span>
    </a>
  );
}
