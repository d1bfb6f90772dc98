import type { BackupScheduleRelay } from '../jobs/scheduled-backups.ts'
import type { RedisConnection } from './redis-connection.ts'

const CHANNEL = 'centraal:backup-schedule:'

/**
 * Tells the other server processes, through Redis's publish and subscribe, that an
 * organisation's backup settings changed, and hears of theirs (its own messages it
 * ignores). A message names only the organisation and the process: each process reads the
 * settings from the organisation's file and schedules anew, as after a change of its own.
 * One pattern subscription hears every organisation, since every process schedules them
 * all. It is taken again each time the listening connection is ready (at start and after
 * Redis was away), and `onSubscribed` follows, so that a change whose message went
 * unheard meanwhile is read then.
 */
export function createRedisBackupScheduleRelay(
  redis: RedisConnection,
  options: { nodeId: string; onError: (error: unknown) => void },
): BackupScheduleRelay {
  const pattern = `${CHANNEL}*`
  return {
    publish(organisationId) {
      redis.commands.publish(`${CHANNEL}${organisationId}`, options.nodeId).catch(options.onError)
    },
    subscribe({ onChange, onSubscribed }) {
      const onMessage = (from: string, channel: string, nodeId: string) => {
        if (from === pattern && nodeId !== options.nodeId) onChange(channel.slice(CHANNEL.length))
      }
      const subscribe = () => {
        redis.listener.psubscribe(pattern).then(onSubscribed, options.onError)
      }
      redis.listener.on('pmessage', onMessage)
      redis.listener.on('ready', subscribe)
      if (redis.listener.status === 'ready') subscribe()
      return () => {
        redis.listener.off('pmessage', onMessage)
        redis.listener.off('ready', subscribe)
        redis.listener.punsubscribe(pattern).catch(options.onError)
      }
    },
  }
}
