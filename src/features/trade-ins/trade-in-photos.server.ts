/**
 * Where a trade-in's photos live: the private PAPERWORK bucket (no public access, no custom domain;
 * the photo route serves only the PHOTOS bucket), under `trade-ins/<id>/`. Only the staff pages,
 * behind Cloudflare Access and the Worker's own check, read them back.
 */
export const tradeInPhotoStore = (env: Pick<Env, "PAPERWORK">): R2Bucket => env.PAPERWORK;

export const tradeInPhotoKey = (id: string, number: number) => `trade-ins/${id}/${number}.jpg`;

/** A stored photo for a staff page: its bytes as a private, uncached JPEG; null when gone. */
export async function tradeInPhotoResponse(env: Pick<Env, "PAPERWORK">, key: string): Promise<Response | null> {
  const object = await tradeInPhotoStore(env).get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": "image/jpeg",
      "Cache-Control": "private, no-store",
      "Content-Length": String(object.size),
    },
  });
}
