import { z } from 'zod';

/** Makes zod's default messages Indonesian, on the server and in the browser alike. */
export function useIndonesianZodMessages(): void {
  z.config(z.locales.id());
}
