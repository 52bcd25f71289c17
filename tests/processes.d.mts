export declare function processes(): Map<number, { parent: number; cpu: number }>;
