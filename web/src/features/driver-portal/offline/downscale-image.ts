// Self-contained (no imports): bench/portal_photo_bench.mjs runs this file as is in Chromium.

/** A photo leaves the phone at most this big (issue 32). */
export const MAX_UPLOAD_BYTES = 1_500_000
/** The long side of a photo as sent: plenty to read a signed POD. */
export const MAX_EDGE = 2048
export const START_QUALITY = 0.8

export interface DecodedImage {
  width: number
  height: number
  close(): void
}

/** Decoding and JPEG encoding, swapped for a fake in tests (jsdom has no canvas). */
export interface ImageCodec<I extends DecodedImage = DecodedImage> {
  /** The image upright (EXIF orientation applied), or null when the browser cannot decode the file. */
  decode(file: Blob): Promise<I | null>
  encode(image: I, width: number, height: number, quality: number): Promise<Blob>
}

const JPEG = 'image/jpeg'

/** True for what is sent as it is: PDFs and anything that is not an image. */
export function passesThrough(file: Blob & { name?: string }): boolean {
  if (file.type === 'application/pdf') return true
  // A phone may give HEIC photos no type; decoding decides whether they can be drawn.
  return !file.type.startsWith('image/') && !/\.(heic|heif)$/i.test(file.name ?? '')
}

/** Width and height with the long side at most `edge`, never enlarged. */
export function fit(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * A photo as it should leave the phone: a JPEG at most MAX_EDGE px on its long
 * side at quality 0.8, upright, re-encoded smaller (quality down to 0.5, then
 * size) until it is at most 1.5 MB. A JPEG already within both limits, a PDF,
 * anything else and an image the browser cannot decode go unchanged.
 */
export async function downscaleImage<I extends DecodedImage>(
  file: Blob & { name?: string },
  codec: ImageCodec<I> = canvasCodec as unknown as ImageCodec<I>,
): Promise<Blob> {
  if (passesThrough(file)) return file
  const image = await codec.decode(file).catch(() => null)
  if (!image) return file
  try {
    const longSide = Math.max(image.width, image.height)
    if (file.type === JPEG && longSide <= MAX_EDGE && file.size <= MAX_UPLOAD_BYTES) return file
    let edge = Math.min(MAX_EDGE, longSide)
    let quality = START_QUALITY
    let blob: Blob | null = null
    for (let attempt = 0; attempt < 16; attempt++) {
      const size = fit(image.width, image.height, edge)
      blob = await codec.encode(image, size.width, size.height, quality)
      if (blob.size <= MAX_UPLOAD_BYTES) return blob
      if (quality > 0.55) quality = Math.round((quality - 0.1) * 10) / 10
      else edge = Math.round(edge * 0.8)
    }
    return blob ?? file
  } finally {
    image.close()
  }
}

/** 'IMG_0042.HEIC' → 'IMG_0042.jpg' when the photo was re-encoded. */
export function uploadFileName(original: string, sent: Blob): string {
  if (sent.type !== JPEG || /\.jpe?g$/i.test(original)) return original
  const base = original.replace(/\.[^./]+$/, '')
  return `${base || 'photo'}.jpg`
}

interface BitmapImage extends DecodedImage {
  bitmap: ImageBitmap
}

/** createImageBitmap (orientation from EXIF) and an OffscreenCanvas, or a canvas element where there is none. */
export const canvasCodec: ImageCodec<BitmapImage> = {
  async decode(file) {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return { width: bitmap.width, height: bitmap.height, bitmap, close: () => bitmap.close() }
    } catch {
      return null
    }
  },
  async encode({ bitmap }, width, height, quality) {
    const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
      // A transparent PNG gets white behind it, not JPEG's black.
      context.fillStyle = '#fff'
      context.fillRect(0, 0, width, height)
      context.imageSmoothingQuality = 'high'
      context.drawImage(bitmap, 0, 0, width, height)
    }
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2d context')
      draw(context)
      return canvas.convertToBlob({ type: JPEG, quality })
    }
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    draw(context)
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), JPEG, quality),
    )
  },
}
