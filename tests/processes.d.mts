export declare function processes(): Map<number, { parent: number; cpu: number }>;
export declare function processKind(pid: number): string | null;
export declare function threadsOf(pid: number): Map<number, { name: string; cpu: number }>;
