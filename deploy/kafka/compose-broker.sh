#!/bin/sh
# The Docker Compose broker (apache/kafka image), set up as deploy/scripts/lib/kafka.mjs sets up the local one:
# clients sign in with SASL/SCRAM-SHA-512, one user per service (KAFKA_SCRAM_USERS, "name:password ..."), created
# with the storage on the first start; the controller's listener takes the admin over PLAIN; ACLs are enforced and
# only the admin is a super user. Changing a password later: kafka-configs.sh --alter (docs/runbook.md).
set -eu

: "${KAFKA_ADMIN_PASSWORD:?set KAFKA_ADMIN_PASSWORD}"
: "${KAFKA_SCRAM_USERS:?set KAFKA_SCRAM_USERS}"
config=/tmp/server.properties
data=/var/lib/kafka/data

cat > "$config" <<PROPERTIES
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@localhost:9093
listeners=SASL_PLAINTEXT://:9092,CONTROLLER://:9093
advertised.listeners=SASL_PLAINTEXT://kafka:9092
controller.listener.names=CONTROLLER
inter.broker.listener.name=SASL_PLAINTEXT
listener.security.protocol.map=CONTROLLER:SASL_PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT
sasl.enabled.mechanisms=SCRAM-SHA-512
sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="$KAFKA_ADMIN_PASSWORD";
sasl.mechanism.controller.protocol=PLAIN
listener.name.controller.sasl.enabled.mechanisms=PLAIN
listener.name.controller.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="$KAFKA_ADMIN_PASSWORD" user_admin="$KAFKA_ADMIN_PASSWORD";
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:admin
allow.everyone.if.no.acl.found=false
log.dirs=$data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPERTIES

# The health check's client settings.
cat > /tmp/admin.properties <<PROPERTIES
security.protocol=SASL_PLAINTEXT
sasl.mechanism=SCRAM-SHA-512
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="admin" password="$KAFKA_ADMIN_PASSWORD";
PROPERTIES

set -- --add-scram "SCRAM-SHA-512=[name=admin,password=$KAFKA_ADMIN_PASSWORD]"
for pair in $KAFKA_SCRAM_USERS; do
  set -- "$@" --add-scram "SCRAM-SHA-512=[name=${pair%%:*},password=${pair#*:}]"
done
/opt/kafka/bin/kafka-storage.sh format --ignore-formatted -t Z9sOkjl9hosRdy9u8EtmXw -c "$config" "$@"
exec /opt/kafka/bin/kafka-server-start.sh "$config"
