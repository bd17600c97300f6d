// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Result = {
    latency: { p50: number; p99: number; average: number };
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
  }): Promise<Result>;
}
