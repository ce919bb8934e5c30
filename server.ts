/**
 * The web process (`npm start` runs it compiled, `npm run dev` from source): the app and the
 * Pieces' preview origin, and the workers too unless WORKERS=off.
 */
process.env.NODE_ENV ??= 'production'
const { runProcess } = await import('./runtime/boot')
await runProcess('web', async (runtime, log) => {
  if (runtime.env.WORKERS === 'on') {
    const { startWorkers } = await import('./jobs/worker')
    runtime.onShutdown(await startWorkers(runtime.boss))
    log.info('workers: running inside the web process (WORKERS=off to run them with `npm run worker`)')
  } else {
    log.info('workers: off in this process; run `npm run worker`')
  }
  const { startWeb } = await import('./server/web')
  return startWeb(runtime)
})

export {}
