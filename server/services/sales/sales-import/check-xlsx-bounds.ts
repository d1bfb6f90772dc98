import { Unzip, UnzipInflate, unzipSync } from 'fflate'
import { AppError } from '../../../errors/app-error.ts'
import {
  MAX_UNPACKED_BYTES,
  MAX_ZIP_ENTRIES,
  refuseUnpackedSize,
  refuseZipEntries,
} from './import-limits.ts'
import { SheetXmlShape } from './sheet-xml-shape.ts'

// An .xlsx is a zip: 10 MB of it can unpack to gigabytes, and a few bytes of XML can make
// the sheet reader build a billion rows. Before the reader sees the file, it is unpacked
// once here, keeping nothing: the sizes each entry declares (in the central directory and
// in its local header) are checked first, then what really comes out is counted and its
// XML measured (rows, cells and elements of any name), and the first limit crossed stops
// the unpacking with a 413.

/** The parts the sheet reader unpacks; it skips images, printer settings and the like. */
const isReadByReader = (name: string) => name.endsWith('.xml') || name.endsWith('.rels')
/** 256 bytes of a bomb inflate to at most about 256 KB, which is counted at once. */
const PIECE_BYTES = 256
const YIELD_EVERY_BYTES = 256 * 1024

function checkDeclaredSizes(bytes: Uint8Array) {
  let entries = 0
  let declared = 0
  unzipSync(bytes, {
    filter: (file) => {
      if (++entries > MAX_ZIP_ENTRIES) refuseZipEntries()
      if (isReadByReader(file.name)) declared += file.originalSize
      if (declared > MAX_UNPACKED_BYTES) refuseUnpackedSize()
      // Nothing is unpacked in this pass.
      return false
    },
  })
}

async function checkUnpackedContent(bytes: Uint8Array) {
  let entries = 0
  let unpacked = 0
  let unpackedAtYield = 0
  const counted = { elements: 0 }
  const unzip = new Unzip((file) => {
    if (++entries > MAX_ZIP_ENTRIES) refuseZipEntries()
    if (!isReadByReader(file.name)) return
    if (unpacked + (file.originalSize ?? 0) > MAX_UNPACKED_BYTES) refuseUnpackedSize()
    const shape = new SheetXmlShape(counted)
    file.ondata = (error, chunk) => {
      if (error) throw error
      unpacked += chunk.length
      if (unpacked > MAX_UNPACKED_BYTES) refuseUnpackedSize()
      shape.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1'))
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  for (let offset = 0; offset < bytes.length; offset += PIECE_BYTES) {
    unzip.push(bytes.subarray(offset, offset + PIECE_BYTES), offset + PIECE_BYTES >= bytes.length)
    // Other requests get their turn every 256 KB that comes out.
    if (unpacked - unpackedAtYield >= YIELD_EVERY_BYTES) {
      unpackedAtYield = unpacked
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

/**
 * Refuses (413) an .xlsx that unpacks beyond MAX_UNPACKED_BYTES, has more than
 * MAX_ZIP_ENTRIES parts, or whose XML spans more rows or cells than the limits; 400 when
 * it is not a readable zip.
 */
export async function checkXlsxBounds(bytes: Uint8Array) {
  try {
    checkDeclaredSizes(bytes)
    await checkUnpackedContent(bytes)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('invalid_input', 'Het bestand is geen leesbaar .xlsx-bestand')
  }
}
