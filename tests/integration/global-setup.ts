import type { TestProject } from 'vitest/node'
import { ensureBuild } from '../../scripts/ensure-build'
import { createTestDatabase } from '../support/database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  // Tests that run the product as its own process run the compiled entries.
  await ensureBuild()
  const database = await createTestDatabase('it')
  project.provide('databaseUrl', database.url)
  return () => database.drop()
}
