export function findNginx(): string | undefined;
export function writeNginxConfig(
  prefix: string,
  port: number,
  appPorts: number[],
  options?: { extra?: string; accessLog?: boolean },
): string;
export function nginxArguments(prefix: string, conf: string): string[];
