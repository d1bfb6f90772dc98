import { apiRequest } from '../../lib/api-request.ts'

/** Offers a file to the person as a download, as a link to the Blob clicked once. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The file name a download answer gives in its Content-Disposition, else the fallback. */
function getFileName(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? ''
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback
}

/**
 * Downloads a file from the API with the session (apiRequest carries the account header)
 * and saves it; throws apiRequest's error on a refusal. Gives the answer back, so the
 * caller can read what its headers say about the file.
 */
export async function downloadFromApi(url: string, fallbackName: string) {
  const response = await apiRequest('GET', url)
  saveFile(await response.blob(), getFileName(response, fallbackName))
  return response
}
