/**
 * The worker process (`npm run worker`): jobs and generations only, no web listeners, for
 * running them apart from the web processes (WORKERS=off there).
 */
process.env.NODE_ENV ??= 'production'
const { runProcess } = await import('./runtime/boot')
await runProcess('worker', async (runtime) => {
  const { startWorkerListeners, startWorkers } = await import('./jobs/worker')
  runtime.onShutdown(await startWorkers(runtime.boss))
  await startWorkerListeners(runtime)
  return 'workers running; press Ctrl+C to stop'
})

export {}
