import { useBackendStore } from '../state/backend-store';

/**
 * The backend actually in use (with its wasm thread count: > 1 only on a cross-origin isolated
 * page), its adapter, and a plain notice when it is not what was asked for.
 */
export function StatusBar({ children }: { children?: React.ReactNode }) {
  const phase = useBackendStore((s) => s.phase);
  const info = useBackendStore((s) => s.info);
  const selfTest = useBackendStore((s) => s.selfTest);
  const error = useBackendStore((s) => s.error);
  const invalidRequest = useBackendStore((s) => s.invalidRequest);
  const adapter = info?.adapter ? `${info.adapter.vendor || 'unknown'} ${info.adapter.architecture}`.trim() : 'none';
  return (
    <footer className="status-bar" aria-label="Status bar">
      <span
        data-testid="backend"
        data-backend={info?.backend ?? ''}
        data-adapter={info?.adapter?.architecture ?? ''}
        data-selftest={selfTest ? selfTest.result.join(',') : ''}
        data-selftest-ok={selfTest ? String(selfTest.ok) : ''}
        data-threads={info?.threads ?? ''}
        data-isolated={info ? String(info.crossOriginIsolated) : ''}
        data-matmul={info?.matMul ?? ''}
      >
        {phase === 'starting' && 'Backend: starting…'}
        {phase === 'ready' && info && (
          <>
            Backend: <strong>{info.backend}</strong>
            {info.threads !== null && ` · ${info.threads} ${info.threads === 1 ? 'thread' : 'threads'}${info.crossOriginIsolated ? '' : ' (page not cross-origin isolated)'}`}
            {info.matMul && ` · matmul: ${info.matMul === 'rollout-lab' ? 'Rollout Lab SIMD' : 'XNNPACK'}`}
            {' '}· WebGPU adapter: {adapter} · tfjs {info.tfjsVersion}
            {selfTest && (selfTest.ok ? ' · self-test ok' : ' · self-test FAILED')}
          </>
        )}
        {phase === 'failed' && `Backend failed: ${error}`}
      </span>
      {info?.notice && (
        <span role="status" className="notice" data-testid="backend-notice">
          {info.notice}
        </span>
      )}
      {invalidRequest && (
        <span role="status" className="notice">
          Unknown backend “{invalidRequest}” in the link; using auto.
        </span>
      )}
      {children}
    </footer>
  );
}
