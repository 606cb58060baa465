import { describe, expect, it } from 'vitest'
import { downscaleImage, fit, MAX_UPLOAD_BYTES, uploadFileName, type DecodedImage, type ImageCodec } from './downscale-image'

interface FakeImage extends DecodedImage {
  closed: boolean
}

/**
 * A codec without a canvas: an encoded JPEG weighs `bytesPerPixel × quality`
 * per pixel, so the steps the function takes can be checked.
 */
function fakeCodec(width: number, height: number, bytesPerPixel = 0.5, decodable = true) {
  const encodes: { width: number; height: number; quality: number; size: number }[] = []
  const images: FakeImage[] = []
  const codec: ImageCodec<FakeImage> = {
    decode: async () => {
      if (!decodable) return null
      const image: FakeImage = { width, height, closed: false, close: () => (image.closed = true) }
      images.push(image)
      return image
    },
    encode: async (_image, w, h, quality) => {
      const size = Math.round(w * h * bytesPerPixel * quality)
      encodes.push({ width: w, height: h, quality, size })
      return new Blob([new Uint8Array(size)], { type: 'image/jpeg' })
    },
  }
  return { codec, encodes, images }
}

const file = (type: string, size: number, name = 'photo') => new File([new Uint8Array(size)], name, { type })

describe('downscaleImage', () => {
  it('sends a 12 MP photo as a 2048 px JPEG at quality 0.8 when that is small enough', async () => {
    const { codec, encodes, images } = fakeCodec(4000, 3000, 0.3)
    const out = await downscaleImage(file('image/jpeg', 5_000_000), codec)
    expect(encodes).toEqual([{ width: 2048, height: 1536, quality: 0.8, size: out.size }])
    expect(out.type).toBe('image/jpeg')
    expect(out.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES)
    expect(images[0].closed).toBe(true)
  })

  it('keeps a portrait photo upright and in proportion', async () => {
    const { codec, encodes } = fakeCodec(3000, 4000, 0.3)
    await downscaleImage(file('image/jpeg', 5_000_000), codec)
    expect(encodes[0]).toMatchObject({ width: 1536, height: 2048 })
  })

  it('lowers the quality, then the size, until the photo is at most 1.5 MB', async () => {
    const { codec, encodes } = fakeCodec(4000, 3000, 1.2)
    const out = await downscaleImage(file('image/jpeg', 9_000_000), codec)
    expect(encodes.map((e) => [Math.max(e.width, e.height), e.quality])).toEqual([
      [2048, 0.8],
      [2048, 0.7],
      [2048, 0.6],
      [2048, 0.5],
      [1638, 0.5],
    ])
    expect(out.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES)
    expect(encodes.slice(0, -1).every((e) => e.size > MAX_UPLOAD_BYTES)).toBe(true)
  })

  it('re-encodes a big PNG screenshot as JPEG', async () => {
    const { codec, encodes } = fakeCodec(1200, 2600, 0.2)
    const out = await downscaleImage(file('image/png', 3_000_000, 'shot.png'), codec)
    expect(encodes[0]).toMatchObject({ width: 945, height: 2048, quality: 0.8 })
    expect(out.type).toBe('image/jpeg')
  })

  it('sends a JPEG already within both limits unchanged', async () => {
    const { codec, encodes } = fakeCodec(1600, 1200)
    const original = file('image/jpeg', 400_000)
    expect(await downscaleImage(original, codec)).toBe(original)
    expect(encodes).toEqual([])
  })

  it('re-encodes a HEIC photo the browser can decode, even without a type', async () => {
    const { codec, encodes } = fakeCodec(4032, 3024, 0.3)
    const out = await downscaleImage(file('', 2_000_000, 'IMG_0042.HEIC'), codec)
    expect(encodes).toHaveLength(1)
    expect(out.type).toBe('image/jpeg')
    expect(uploadFileName('IMG_0042.HEIC', out)).toBe('IMG_0042.jpg')
  })

  it('passes PDFs, other files and images the browser cannot decode through unchanged', async () => {
    const { codec, encodes } = fakeCodec(100, 100, 0.5, false)
    const pdf = file('application/pdf', 8_000_000, 'pod.pdf')
    const text = file('text/plain', 10, 'note.txt')
    const heic = file('image/heic', 3_000_000, 'x.heic')
    expect(await downscaleImage(pdf, codec)).toBe(pdf)
    expect(await downscaleImage(text, codec)).toBe(text)
    expect(await downscaleImage(heic, codec)).toBe(heic)
    expect(encodes).toEqual([])
    expect(uploadFileName('pod.pdf', pdf)).toBe('pod.pdf')
  })

  it('never enlarges', () => {
    expect(fit(800, 600, 2048)).toEqual({ width: 800, height: 600 })
    expect(fit(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 })
  })
})
