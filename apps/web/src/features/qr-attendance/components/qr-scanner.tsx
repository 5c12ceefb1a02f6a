import { useEffect, useRef, useState } from 'react';
import { Alert, Typography } from 'antd';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's own QR reader where it has one (Chrome on Android), else null. */
function nativeDetector(): BarcodeDetectorLike | null {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  try {
    return Detector ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * ZXing's reader (zxing-wasm), loaded only on phones whose browser has no QR reader of its own. Its wasm
 * comes from our own origin (a bundled asset), never the CDN the package would pick by default.
 */
async function loadZxingReader() {
  const [zxing, wasm] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Fetched and compiled at once, while the camera starts.
  await zxing.prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasm.default : prefix + file),
    },
    fireImmediately: true,
  });
  return zxing.readBarcodes;
}

/** Reads one frame of the video with ZXing. */
async function decodeWithZxing(
  readBarcodes: Awaited<ReturnType<typeof loadZxingReader>>,
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): Promise<string | null> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return null;
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  const [found] = await readBarcodes(context.getImageData(0, 0, width, height), {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
  });
  return found?.text || null;
}

/**
 * In-page scanning for phones whose camera app does not open links: the back camera's picture, read
 * every 300 ms by BarcodeDetector where the browser has it, else by ZXing. Calls `onScan` once with the
 * text of the first code read.
 */
export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<string | null>(null);
  const scanned = useRef(onScan);
  useEffect(() => {
    scanned.current = onScan;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = nativeDetector();
    const zxingReader = detector ? null : loadZxingReader();
    // A failed load shows as no code read in each frame (tick catches it), not as an unhandled rejection.
    zxingReader?.catch(() => undefined);
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      let text: string | null = null;
      try {
        if (video.readyState >= 2) {
          text = detector
            ? ((await detector.detect(video))[0]?.rawValue ?? null)
            : await decodeWithZxing(await zxingReader!, video, canvasRef.current!);
        }
      } catch {
        text = null;
      }
      if (stopped) return;
      if (text) scanned.current(text);
      else timer = setTimeout(() => void tick(), 300);
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(
          'Peramban ini tidak dapat membuka kamera. Gunakan aplikasi kamera ponsel untuk memindai kode QR.',
        );
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        const video = videoRef.current!;
        video.srcObject = stream;
        await video.play();
        void tick();
      } catch {
        setError(
          'Kamera tidak dapat dibuka. Izinkan akses kamera, atau pindai kode QR dengan aplikasi kamera ponsel.',
        );
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  if (error) return <Alert type="warning" showIcon title={error} />;
  return (
    <div style={{ width: '100%', maxWidth: 420, margin: '0 auto' }}>
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Kamera pemindai kode QR"
        style={{
          width: '100%',
          borderRadius: 8,
          background: '#000',
          aspectRatio: '1 / 1',
          objectFit: 'cover',
        }}
      />
      <canvas ref={canvasRef} hidden />
      <Typography.Text type="secondary">Arahkan kamera ke kode QR yang tampil di kelas.</Typography.Text>
    </div>
  );
}
