/**
 * Unit tests run src/core in Node, where it imports only @tensorflow/tfjs-core (no kernels, no
 * gradients). As the CLI does (src/cli/tf-node.ts), `@tensorflow/tfjs` registers the cpu backend and
 * every gradient in tfjs-core's global registries; a test picks another backend with tf.setBackend.
 */
import '@tensorflow/tfjs';
