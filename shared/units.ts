/** Data sizes at the API's edges: packages in GB, usage in MB, order volumes in bytes (1 GB = 2^30 bytes). */
export const BYTES_PER_GB = 1_073_741_824;
export const BYTES_PER_MB = 1_048_576;
export const MB_PER_GB = 1024;

export function bytesToMb(bytes: number): number {
  return Math.round(bytes / BYTES_PER_MB);
}

export function gbToMb(gb: number): number {
  return Math.round(gb * MB_PER_GB);
}

export function mbToGb(mb: number): number {
  return mb / MB_PER_GB;
}
