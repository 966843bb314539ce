//! A map's picture: the bytes the file carries (base64) or names (a path beside it), checked by decoding them, kept
//! as they are (no re-encoding: a 10 MB picture stays the file the tool made).

use std::io::Cursor;

/// The largest picture side in pixels, and the most pixels, that a map may have (a 400-cell map at 40 pixels a cell
/// is 16,000 pixels wide).
const MAX_SIDE: u32 = 16_384;
const MAX_PIXELS: u64 = 120_000_000;

/// The formats a picture may come in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    Png,
    WebP,
}

impl PictureFormat {
    /// The file extension a picture of this format is kept under.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Png => "png",
            PictureFormat::WebP => "webp",
        }
    }
}

/// A picture that decodes: its bytes, format and size in pixels.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub format: PictureFormat,
    pub width: u32,
    pub height: u32,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Picture({:?}, {}×{}, {} bytes)", self.format, self.width, self.height, self.bytes.len())
    }
}

/// Checks `bytes` as a picture: a PNG or WebP that decodes whole, within the size a map may have. The error says
/// what is wrong in a player's words.
pub fn check(bytes: Vec<u8>) -> Result<Picture, String> {
    let format = match bytes.as_slice() {
        [0x89, b'P', b'N', b'G', ..] => PictureFormat::Png,
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => PictureFormat::WebP,
        [0xFF, 0xD8, ..] => return Err("a JPEG picture: we read PNG and WebP (export the map with one of them)".into()),
        _ => return Err("not a PNG or WebP picture".into()),
    };
    let (width, height) = match format {
        PictureFormat::Png => decode_png(&bytes)?,
        PictureFormat::WebP => decode_webp(&bytes)?,
    };
    Ok(Picture { bytes, format, width, height })
}

/// Checks a size before anything is decoded into memory.
fn within(width: u32, height: u32) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err(format!("a picture of {width} × {height} pixels"));
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(format!(
            "a picture of {width} × {height} pixels is larger than a map may have ({MAX_SIDE} a side)"
        ));
    }
    Ok(())
}

fn decode_png(bytes: &[u8]) -> Result<(u32, u32), String> {
    png_pixels(bytes).map(|p| (p.width, p.height))
}

fn decode_webp(bytes: &[u8]) -> Result<(u32, u32), String> {
    webp_pixels(bytes).map(|p| (p.width, p.height))
}

/// A picture decoded: 8-bit red, green, blue and alpha a pixel, row by row.
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// Decodes a PNG or WebP picture (as [`check`] takes them) to its pixels, to draw.
pub fn pixels(bytes: &[u8]) -> Result<Pixels, String> {
    match bytes {
        [0x89, b'P', b'N', b'G', ..] => png_pixels(bytes),
        _ => webp_pixels(bytes),
    }
}

fn png_pixels(bytes: &[u8]) -> Result<Pixels, String> {
    // The decoder's own cap (64 MiB by default) is below a large map's picture: ours is the size checked below.
    let limits = png::Limits { bytes: (MAX_PIXELS * 8) as usize };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("the PNG picture does not decode: {e}"))?;
    let (width, height) = (reader.info().width, reader.info().height);
    within(width, height)?;
    let size = reader.output_buffer_size().ok_or("the PNG picture is too large to decode")?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(|e| format!("the PNG picture does not decode: {e}"))?;
    let rgba = match frame.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::GrayscaleAlpha => buffer.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        png::ColorType::Grayscale | png::ColorType::Indexed => buffer.iter().flat_map(|g| [*g, *g, *g, 255]).collect(),
    };
    Ok(Pixels { width, height, rgba })
}

fn webp_pixels(bytes: &[u8]) -> Result<Pixels, String> {
    let mut decoder = image_webp::WebPDecoder::new(Cursor::new(bytes))
        .map_err(|e| format!("the WebP picture does not decode: {e}"))?;
    let (width, height) = decoder.dimensions();
    within(width, height)?;
    let size = decoder.output_buffer_size().ok_or("the WebP picture is too large to decode")?;
    let mut buffer = vec![0; size];
    decoder.read_image(&mut buffer).map_err(|e| format!("the WebP picture does not decode: {e}"))?;
    let rgba = match decoder.has_alpha() {
        true => buffer,
        false => buffer.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
    };
    Ok(Pixels { width, height, rgba })
}
